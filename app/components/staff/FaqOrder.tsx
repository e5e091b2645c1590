import { Form, Link, useNavigation } from "@remix-run/react";
import {
  type DragEvent,
  type KeyboardEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { type Direction, moveId, moveIdTo, movedMessage, sameOrder } from "~/lib/reorder";

export interface OrderRow {
  id: number;
  question: string;
  category: string;
  anchor: string;
}

const PATH = "/dashboard/managefaqs";
const rowId = (id: number) => `faq-row-${id}`;

/**
 * The FAQ order: one form that posts the complete ordered list of ids and the version the page
 * was made from ("Save order"). Without JS each row's Move up / Move down is a GET that shows
 * the list with that move made, not yet saved. With JS the same buttons move the row in place,
 * rows can be dragged with the mouse, and each row's handle is a keyboard drag (Space to pick
 * up, arrow keys to move, Space to drop, Escape to cancel); a live region says every move.
 *
 * Save order is the page's primary action only while there is an order to save; otherwise it
 * is a secondary and Add a question is the primary (`onDirtyChange` tells the page which).
 */
export function FaqOrder({
  rows,
  savedIds,
  version,
  notice,
  onDirtyChange,
}: {
  rows: OrderRow[];
  savedIds: number[];
  version: number;
  /** What the last move without JS did, said at the top of the list. */
  notice?: string;
  /** Called when the order shown comes to differ from the saved one, or no longer does. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const [order, setOrder] = useState(() => rows.map((row) => row.id));
  const [scripted, setScripted] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [grabbed, setGrabbed] = useState<{ id: number; origin: number[] } | null>(null);
  const dragging = useRef<number | null>(null);
  const focusAfter = useRef<string | null>(null);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";

  useEffect(() => setScripted(true), []);
  // React moves a row's element when the order changes, and a moved element loses focus.
  useLayoutEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  const total = order.length;
  const question = (id: number) => byId.get(id)?.question ?? "";
  const positionOf = (ids: number[], id: number) => ids.indexOf(id) + 1;
  const dirty = !sameOrder(order, savedIds);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  function move(id: number, direction: Direction, focusId: (next: number[]) => string) {
    const next = moveId(order, id, direction);
    setOrder(next);
    setAnnouncement(movedMessage(question(id), positionOf(next, id), total));
    focusAfter.current = focusId(next);
  }

  function onMoveClick(event: { preventDefault: () => void }, id: number, direction: Direction) {
    event.preventDefault();
    move(id, direction, (next) => {
      const at = next.indexOf(id);
      // The button just used is disabled at the top or bottom: its neighbour takes focus.
      if (direction === "up") return at === 0 ? `down-${id}` : `up-${id}`;
      return at === next.length - 1 ? `up-${id}` : `down-${id}`;
    });
  }

  function onHandleKey(event: KeyboardEvent<HTMLButtonElement>, id: number) {
    const key = event.key;
    if (key === " " || key === "Enter") {
      event.preventDefault();
      if (grabbed?.id === id) {
        setGrabbed(null);
        setAnnouncement(
          `Question “${question(id)}” dropped at position ${positionOf(order, id)} of ${total}. Choose Save order to keep the new order.`,
        );
      } else {
        setGrabbed({ id, origin: order });
        setAnnouncement(
          `Question “${question(id)}” picked up, position ${positionOf(order, id)} of ${total}. Press the up and down arrow keys to move it, Space to drop it, Escape to cancel.`,
        );
      }
    } else if ((key === "ArrowUp" || key === "ArrowDown") && grabbed?.id === id) {
      event.preventDefault();
      move(id, key === "ArrowUp" ? "up" : "down", () => `handle-${id}`);
    } else if (key === "Escape" && grabbed?.id === id) {
      event.preventDefault();
      setOrder(grabbed.origin);
      setGrabbed(null);
      focusAfter.current = `handle-${id}`;
      setAnnouncement(
        `Move cancelled. Question “${question(id)}” is back at position ${positionOf(grabbed.origin, id)} of ${total}.`,
      );
    }
  }

  const onDragStart = (event: DragEvent<HTMLLIElement>, id: number) => {
    dragging.current = id;
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", String(id));
  };
  const onDragOver = (event: DragEvent<HTMLLIElement>, overId: number) => {
    const id = dragging.current;
    if (id === null) return;
    event.preventDefault();
    if (id !== overId) setOrder((current) => moveIdTo(current, id, current.indexOf(overId)));
  };
  const onDrop = (event: DragEvent<HTMLLIElement>) => {
    const id = dragging.current;
    if (id === null) return;
    event.preventDefault();
    setAnnouncement(movedMessage(question(id), positionOf(order, id), total));
  };

  return (
    <Form method="post" className="faq-order">
      <input type="hidden" name="version" value={version} />
      {notice ? (
        <p role="status" className="notice">
          {notice}
        </p>
      ) : null}
      <p id="reorder-instructions" className="hint">
        {scripted
          ? "Drag a question to a new place, or use its Move buttons. From the keyboard, press Space on a question's Drag handle, move it with the up and down arrow keys and press Space again to drop it (Escape cancels). Then choose Save order."
          : "Move questions with their Move up and Move down buttons, then choose Save order."}{" "}
        The FAQ page shows each category in the order of its first question.
      </p>
      <ol className="reorder-list">
        {order.map((id, index) => {
          const row = byId.get(id);
          if (!row) return null;
          return (
            <li
              key={id}
              id={rowId(id)}
              className={grabbed?.id === id ? "reorder-row grabbed" : "reorder-row"}
              draggable={scripted ? true : undefined}
              onDragStart={scripted ? (event) => onDragStart(event, id) : undefined}
              onDragOver={scripted ? (event) => onDragOver(event, id) : undefined}
              onDrop={scripted ? onDrop : undefined}
              onDragEnd={() => {
                dragging.current = null;
              }}
            >
              <input type="hidden" name="order" value={id} />
              <span className="reorder-position" aria-hidden="true">
                {index + 1}
              </span>
              <div className="reorder-text">
                <span className="reorder-question">{row.question}</span>
                <span className="muted">
                  {row.category}
                  {"\u00a0"}· #{row.anchor}
                </span>
              </div>
              {/* Two groups that wrap whole: the links, then the buttons on one line (on a phone
                  a loose wrap put Move up beside the links and Move down under them). */}
              <div className="reorder-actions">
                <span className="reorder-links">
                  <Link to={`${PATH}/${id}`}>
                    Edit<span className="visually-hidden"> “{row.question}”</span>
                  </Link>
                  <Link to={`${PATH}/${id}/delete`}>
                    Delete<span className="visually-hidden"> “{row.question}”</span>
                  </Link>
                </span>
                <span className="reorder-buttons">
                  <button
                    type="submit"
                    id={`up-${id}`}
                    className="secondary"
                    formMethod="get"
                    formAction={`${PATH}#${rowId(id)}`}
                    name="move"
                    value={`up-${id}`}
                    disabled={index === 0}
                    onClick={scripted ? (event) => onMoveClick(event, id, "up") : undefined}
                  >
                    Move up<span className="visually-hidden"> “{row.question}”</span>
                  </button>
                  <button
                    type="submit"
                    id={`down-${id}`}
                    className="secondary"
                    formMethod="get"
                    formAction={`${PATH}#${rowId(id)}`}
                    name="move"
                    value={`down-${id}`}
                    disabled={index === order.length - 1}
                    onClick={scripted ? (event) => onMoveClick(event, id, "down") : undefined}
                  >
                    Move down<span className="visually-hidden"> “{row.question}”</span>
                  </button>
                  {scripted ? (
                    <button
                      type="button"
                      id={`handle-${id}`}
                      className="secondary drag-handle"
                      aria-pressed={grabbed?.id === id}
                      aria-describedby="reorder-instructions"
                      onKeyDown={(event) => onHandleKey(event, id)}
                      onBlur={() => {
                        // Moving a row blurs its handle for a moment (focus is put back at once):
                        // only leaving it for something else drops the question.
                        setTimeout(() => {
                          if (document.activeElement?.id !== `handle-${id}`)
                            setGrabbed((current) => (current?.id === id ? null : current));
                        }, 0);
                      }}
                    >
                      Drag<span className="visually-hidden"> “{row.question}”</span>
                    </button>
                  ) : null}
                </span>
              </div>
            </li>
          );
        })}
      </ol>
      <div aria-live="assertive" aria-atomic="true" className="visually-hidden">
        {announcement}
      </div>
      {dirty ? (
        <p className="notice unsaved">
          The order has changed and is not saved yet. Choose Save order to keep it
          {scripted ? null : (
            <>
              , or <Link to={PATH}>go back to the saved order</Link>
            </>
          )}
          .
        </p>
      ) : null}
      <div className="button-row">
        <button
          type="submit"
          name="intent"
          value="saveOrder"
          className={dirty ? undefined : "secondary"}
          aria-busy={saving || undefined}
        >
          Save order
        </button>
        {scripted && dirty ? (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setOrder(savedIds.filter((id) => byId.has(id)));
              setAnnouncement("The saved order is back.");
            }}
          >
            Undo changes
          </button>
        ) : null}
      </div>
    </Form>
  );
}
