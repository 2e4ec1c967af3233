/** A server's home and areas */
export default function ServerPage() {
  return (
    <section className="op-page">
      <h1>Server</h1>
    </section>
  );
}
