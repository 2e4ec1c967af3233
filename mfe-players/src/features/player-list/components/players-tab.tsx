/** The network dashboard's Players tab. */
export const PlayersTab = () => (
  <section>
    <h2>Players</h2>
  </section>
);
