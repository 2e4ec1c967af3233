/** /networks/:networkId/:serverId/players */
export default function ServerPlayersPage() {
  return (
    <section className="op-page">
      <h1>Players</h1>
    </section>
  );
}
