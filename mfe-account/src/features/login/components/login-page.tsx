/** /login */
export default function LoginPage() {
  return (
    <section className="op-page">
      <h1>Sign in to Outpost</h1>
    </section>
  );
}
