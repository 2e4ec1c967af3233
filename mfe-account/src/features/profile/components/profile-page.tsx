/** /profile */
export default function ProfilePage() {
  return (
    <section className="op-page">
      <h1>Profile Settings</h1>
    </section>
  );
}
