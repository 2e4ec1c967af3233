/** /auth/oauth/failure */
export default function OAuthFailurePage() {
  return (
    <section className="op-page">
      <h1>Sign-in failed</h1>
    </section>
  );
}
