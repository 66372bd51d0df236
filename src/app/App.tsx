export function App() {
  return (
    <main>
      <h1>Loyalty Studio</h1>
      <p>Loyalty and referral rewards for your store.</p>
    </main>
  );
}
