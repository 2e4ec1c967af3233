/** /dashboard */
export default function DashboardPage() {
  return (
    <section className="op-page">
      <h1>Dashboard</h1>
    </section>
  );
}
