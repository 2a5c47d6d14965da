/** Stands in for a screen whose feature has not landed yet. */
export function PlaceholderScreen({ title, note }: { title: string; note: string }) {
  return (
    <section className="screen">
      <h1 className="screen-title">{title}</h1>
      <div className="card placeholder-card">
        <p>{note}</p>
      </div>
    </section>
  );
}
