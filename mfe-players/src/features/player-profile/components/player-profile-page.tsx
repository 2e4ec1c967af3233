/** /networks/:networkId/profile/:steamId */
export default function PlayerProfilePage() {
  return (
    <section className="op-page">
      <h1>Player profile</h1>
    </section>
  );
}
