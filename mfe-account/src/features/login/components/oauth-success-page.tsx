/** /auth/oauth/success */
export default function OAuthSuccessPage() {
  return (
    <section className="op-page">
      <h1>Signed in</h1>
    </section>
  );
}
