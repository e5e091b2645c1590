import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";

/**
 * A delete's confirmation page: what will go, what deleting it means, and a POST button
 * beside a way back. Deleting takes this second, deliberate step, with or without scripts.
 */
export function DeleteConfirmation({
  list,
  thing,
  question,
  facts,
  consequence,
  button,
  instead,
}: {
  /** The staff list it belongs to, for the breadcrumb and the way back. */
  list: { label: string; to: string };
  /** "question", "report": the breadcrumb's last step says "Delete {thing}". */
  thing: string;
  /** The page's heading: "Delete this question?" */
  question: string;
  facts: [label: string, value: ReactNode][];
  consequence: ReactNode;
  button: string;
  /** The kinder way out, where there is one: archive instead, posted to the list's own action. */
  instead?: ArchiveInstead;
}) {
  const navigation = useNavigation();
  return (
    <div className="form-narrow">
      <DashboardBreadcrumb
        items={[{ label: list.label, to: list.to }, { label: `Delete ${thing}` }]}
      />
      <h1>{question}</h1>
      <dl className="summary-list">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p>{consequence}</p>
      <Form method="post" className="button-row">
        <button type="submit" className="danger" aria-busy={deleting(navigation) || undefined}>
          {button}
        </button>
        {instead ? <ArchiveInsteadButton {...instead} /> : null}
        <Link to={list.to} className="button-link secondary">
          Cancel, keep it
        </Link>
      </Form>
    </div>
  );
}

/** Whether the page's Delete is being sent (not its Archive instead, which shares the form). */
export function deleting(navigation: ReturnType<typeof useNavigation>) {
  return navigation.state === "submitting" && navigation.formData?.get("intent") !== "archive";
}

export type ArchiveInstead = {
  /** The list's action that archives: "/dashboard/managehirs?index". */
  action: string;
  id: number;
};

/**
 * "Archive instead", beside the Delete it replaces: a second submit of the same form, sent to
 * the list's archive action (formaction), so the confirmation page needs no second form.
 */
export function ArchiveInsteadButton({ action, id }: ArchiveInstead) {
  return (
    <>
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        formAction={action}
        name="intent"
        value="archive"
        className="secondary outline"
      >
        Archive instead
      </button>
    </>
  );
}
