/** /auth/magic-link */
export default function MagicLinkPage() {
  return (
    <section className="op-page">
      <h1>Signing you in</h1>
    </section>
  );
}
