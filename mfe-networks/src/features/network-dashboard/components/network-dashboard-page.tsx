/** /networks/:networkId */
export default function NetworkDashboardPage() {
  return (
    <section className="op-page">
      <h1>Network</h1>
    </section>
  );
}
