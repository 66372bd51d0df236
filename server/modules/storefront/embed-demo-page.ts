/**
 * The demo store page of `GET /demo/storefront`: a coffee roaster's product listing with its own
 * header, products and footer, and its own heavy-handed CSS (`* {…}`, `button {…}`,
 * `[role=dialog] {…}`, `svg {…}`) — the kind of theme the embed must survive without changing
 * it. Plain HTML, no scripts of its own: the only script is the embed loader.
 */
import { textDirection } from '../../../renderers/i18n/direction.ts';
import { escapeHtml } from '../../../renderers/ssr/index.tsx';

export const DEMO_STORE_KEY = 'demo-coffee-roasters';

const PRODUCTS = [
  { name: 'Kayon Mountain', origin: 'Ethiopia · washed', notes: 'Jasmine, bergamot, peach', price: '$18.00', colours: ['#c98b5a', '#6b3f1d'] },
  { name: 'Finca La Soledad', origin: 'Guatemala · honey', notes: 'Milk chocolate, orange, almond', price: '$17.00', colours: ['#b5713f', '#4a2a14'] },
  { name: 'Huila Decaf', origin: 'Colombia · sugarcane decaf', notes: 'Caramel, red apple, cocoa', price: '$16.50', colours: ['#9c6b43', '#3d2412'] },
  { name: 'Nyeri Peaberry', origin: 'Kenya · washed', notes: 'Blackcurrant, grapefruit, cane sugar', price: '$21.00', colours: ['#a8552f', '#3b1a0c'] },
  { name: 'House Espresso', origin: 'Brazil & Ethiopia blend', notes: 'Hazelnut, dark chocolate, cherry', price: '$15.00', colours: ['#7a4a2a', '#24140a'] },
  { name: 'Sumatra Wet-Hulled', origin: 'Indonesia · giling basah', notes: 'Cedar, tobacco, molasses', price: '$17.50', colours: ['#6e4a33', '#1f130b'] },
];

/** The store's own stylesheet, deliberately aggressive (it would restyle any widget it reached). */
const DEMO_STORE_CSS = `
*{box-sizing:content-box;font-family:Georgia,"Times New Roman",serif;letter-spacing:.02em;line-height:1.7}
html{scroll-behavior:smooth}
body{margin:0;background:#faf6f0;color:#2b1d12;font-size:17px}
button{all:unset;display:inline-block;padding:14px 26px;background:#6b3f1d!important;color:#fff!important;border-radius:0!important;text-transform:uppercase;font-size:15px!important;font-weight:700;cursor:pointer;border:3px double #fff!important}
button:hover{background:#4a2a14!important}
button:focus-visible{outline:3px solid #1f5fbf;outline-offset:3px}
svg{width:120px!important;height:120px!important;fill:#6b3f1d!important}
div{position:relative}
[role=dialog]{display:none!important}
p{margin:0 0 .6em;color:#4f3a2a}
a{color:#6b3f1d;text-decoration:underline;font-weight:700}
h1,h2,h3{font-weight:400;color:#2b1d12;margin:0 0 .4em}
.site-header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px 24px;padding:18px 40px;background:#2b1d12;color:#faf6f0}
.site-header nav{display:flex;flex-wrap:wrap;gap:4px 22px}
.site-header a{color:#faf6f0;text-decoration:none;font-weight:400}
.logo{font-size:26px;color:#faf6f0;font-style:italic}
.hero{padding:56px 40px 24px;max-width:1100px;margin:0 auto}
.hero p{font-size:20px;max-width:44em}
.grid{list-style:none;margin:0 auto;padding:0 40px 56px;max-width:1100px;display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:28px}
.card{background:#fff;border:1px solid #e4d8c8;padding:18px}
.swatch{height:170px;margin:-18px -18px 16px;border-bottom:1px solid #e4d8c8}
.price{font-size:20px;color:#2b1d12;font-weight:700}
.site-footer{padding:32px 40px;background:#2b1d12;color:#faf6f0}
.site-footer p{color:#faf6f0}
.site-footer a{color:#faf6f0}
@media (max-width:600px){.site-header,.hero,.site-footer{padding-left:20px;padding-right:20px}.grid{padding:0 20px 40px;grid-template-columns:minmax(0,1fr)}}
`;

export interface DemoPageOptions {
  embed: boolean;
  /** the signed-in demo shopper, when `?member=1` found one */
  customer?: { customerId: string; digest: string };
  memberRequested: boolean;
  /**
   * The store theme's own room for the sticky bar (`stickyBarPageCss`), as a store's theme sets
   * it: the bar then takes space the page already keeps free, and nothing moves when it appears.
   */
  themeCss?: string;
  /** the page's language (a BCP 47 tag; English when absent), right to left where it is written so */
  lang?: string | undefined;
}

function productCard(product: (typeof PRODUCTS)[number]): string {
  const [light, dark] = product.colours;
  return `<li class="card">
  <div class="swatch" role="img" aria-label="Bag of ${escapeHtml(product.name)}" style="background:linear-gradient(135deg,${light},${dark})"></div>
  <h3>${escapeHtml(product.name)}</h3>
  <p>${escapeHtml(product.origin)}</p>
  <p>Tasting notes: ${escapeHtml(product.notes)}</p>
  <p class="price">${escapeHtml(product.price)} <span>· 250 g</span></p>
  <button type="button">Add to cart</button>
</li>`;
}

function loaderTag({ embed, customer }: DemoPageOptions): string {
  if (!embed) return '';
  const signed = customer ? ` data-customer-id="${escapeHtml(customer.customerId)}" data-customer-digest="${escapeHtml(customer.digest)}"` : '';
  return `<script async src="/embed/loader.js" data-store="${DEMO_STORE_KEY}"${signed}></script>`;
}

export function demoStorefrontPage(options: DemoPageOptions): string {
  const greeting = options.customer
    ? '<p>Signed in as a demo customer.</p>'
    : options.memberRequested
      ? '<p>No demo customer could be signed in: showing the page to a visitor.</p>'
      : '';
  const lang = options.lang ?? 'en';
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"${textDirection(lang) === 'rtl' ? ' dir="rtl"' : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="Small-batch specialty coffee, roasted every Monday.">
<title>Demo Coffee Roasters · Shop coffee</title>
<style>${DEMO_STORE_CSS}${(options.themeCss ?? '').replace(/<\/(style)/gi, '<\\/$1')}</style>
${loaderTag(options)}
</head>
<body>
<header class="site-header">
  <span class="logo">Demo Coffee Roasters</span>
  <nav aria-label="Main"><a href="#coffee">Coffee</a><a href="#subscriptions">Subscriptions</a><a href="#about">About</a><a href="#cart">Cart (0)</a></nav>
</header>
<main>
  <section class="hero" aria-labelledby="hero-title">
    <h1 id="hero-title">Freshly roasted, every Monday</h1>
    <p>Single origins and blends from farms we buy from directly, roasted in small batches in Portland and shipped within 48 hours.</p>
    ${greeting}
  </section>
  <section id="coffee" aria-labelledby="coffee-title">
    <h2 id="coffee-title" class="hero" style="padding-top:0;padding-bottom:0">Our coffees</h2>
    <ul class="grid">
${PRODUCTS.map(productCard).join('\n')}
    </ul>
  </section>
</main>
<footer class="site-footer">
  <p id="about">Demo Coffee Roasters · 1200 SE Water Ave, Portland OR · <a href="#subscriptions">Subscriptions</a> · <a href="#shipping">Shipping &amp; returns</a></p>
  <p>A sample store page for the Loyalty Studio storefront embed.</p>
</footer>
</body>
</html>`;
}
