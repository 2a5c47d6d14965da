import { statusColor } from '../format';

/** An application's status in the spec's colours: pending yellow, accepted green, rejected red, interview blue, else grey. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`status-badge status-${statusColor(status)}`}>{status}</span>;
}

/** A closed job's badge (beyond the spec). */
export function ClosedBadge({ text }: { text: string }) {
  return <span className="badge badge-closed">{text}</span>;
}
