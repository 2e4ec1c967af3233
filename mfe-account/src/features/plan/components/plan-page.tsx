/** /plan */
export default function PlanPage() {
  return (
    <section className="op-page">
      <h1>Upgrade to Premium</h1>
    </section>
  );
}
