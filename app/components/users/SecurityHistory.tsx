import { DateTimeCell } from "~/components/DateTimeCell";
import { TableScroll } from "~/components/TableScroll";
import type { SecurityEvent } from "~/models/security-events.server";

/**
 * An account's security trail (app/models/security-events.server.ts), newest first: when,
 * what, the client address and the browser. The owner's page and the admin's show the same.
 */
export function SecurityHistory({ events, owner }: { events: SecurityEvent[]; owner: boolean }) {
  if (events.length === 0) {
    return (
      <p>
        Nothing has been recorded for {owner ? "your" : "this"} account yet: no password, email or
        two-step sign-in change, and no signing out everywhere else.
      </p>
    );
  }
  return (
    <TableScroll caption="Security history" captionHidden stacked="tablet">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">What</th>
          <th scope="col">Client address</th>
          <th scope="col">Browser</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <tr key={event.id}>
            <th scope="row">
              <DateTimeCell value={event.at} />
            </th>
            <td data-label="What">
              {event.what}
              {event.detail ? `: ${event.detail}` : ""}
            </td>
            <td data-label="Client address">{event.address ?? "Not known"}</td>
            <td data-label="Browser">{event.browser}</td>
          </tr>
        ))}
      </tbody>
    </TableScroll>
  );
}
