/**
 * A neutral sample store page (header, hero, product grid; `.bs-sample-page*` in
 * canvas/decoration.ts), drawn behind the surfaces shown as they sit on a store: the sticky bar,
 * the launcher and the open widget. Decoration only: hidden from assistive technology.
 */
export function SamplePage() {
  return (
    <div className="bs-sample-page" aria-hidden="true">
      <div className="bs-sample-page__header">
        <span>Your store</span>
        <span>Cart</span>
      </div>
      <div className="bs-sample-page__hero" />
      <div className="bs-sample-page__grid">
        <span />
        <span />
        <span />
      </div>
    </div>
  );
}
