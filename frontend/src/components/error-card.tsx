/** A list that failed to load: the spec's card title and the server's text. */
export function ErrorCard({ title, message }: { title: string; message: string }) {
  return (
    <div className="card error-card" role="alert">
      <h2 className="error-card-title">{title}</h2>
      <p>{message}</p>
    </div>
  );
}
