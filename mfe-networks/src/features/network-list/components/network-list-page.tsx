/** /networks */
export default function NetworkListPage() {
  return (
    <section className="op-page">
      <h1>Networks</h1>
    </section>
  );
}
