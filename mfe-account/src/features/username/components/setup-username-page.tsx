/** /auth/setup-username */
export default function SetupUsernamePage() {
  return (
    <section className="op-page">
      <h1>Choose your username</h1>
    </section>
  );
}
