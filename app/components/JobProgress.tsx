import { Form, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/hydrated";

/**
 * The page of a background job while it runs (decision 022): a progress bar with "12,000 of
 * 100,000 records", the time left, and a Cancel button. Without scripts the page reloads
 * itself every JOB_REFRESH_SECONDS (the route's handle says so to the root) and says it does;
 * with scripts it asks for the job's state every second and updates in place.
 */
export const JOB_REFRESH_SECONDS = 2;

export interface JobView {
  state: "queued" | "running" | "done" | "failed" | "cancelled";
  phase: string;
  done: number;
  total: number | null;
  secondsLeft: number | null;
  cancelRequested: boolean;
}

export const isActive = (job: Pick<JobView, "state"> | null | undefined) =>
  job?.state === "queued" || job?.state === "running";

const count = (value: number) => value.toLocaleString("en-GB");

/** "About 2 minutes left", rounded as a person would say it. */
export function timeLeft(seconds: number) {
  if (seconds < 5) return "A few seconds left";
  if (seconds < 60) return `About ${Math.ceil(seconds / 5) * 5} seconds left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `About ${minutes} minute${minutes === 1 ? "" : "s"} left`;
  const hours = Math.round(minutes / 6) / 10;
  return `About ${hours} hour${hours === 1 ? "" : "s"} left`;
}

/** While the job runs, and scripts run, the page's data is fetched again every second. */
export function useJobUpdates(active: boolean) {
  const revalidator = useRevalidator();
  const state = useRef(revalidator.state);
  state.current = revalidator.state;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (state.current === "idle" && document.visibilityState === "visible")
        revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}

/**
 * A polite live region that tells of the end of a job the page was watching in place: the
 * region is on the page from the start, so that screen readers announce what appears in it.
 */
/**
 * The polite live region a job's page keeps from the start, which announces the end. Its
 * data attributes name the job shown (`run`: a check and then an apply are different runs)
 * and whether it has ended, for tests and tools that wait on the page.
 */
export function JobAnnouncer({
  active,
  message,
  run,
}: {
  active: boolean;
  message: string;
  run: string;
}) {
  const wasActive = useRef(active);
  const [said, setSaid] = useState("");
  useEffect(() => {
    if (wasActive.current && !active) setSaid(message);
    wasActive.current = active;
  }, [active, message]);
  return (
    <p
      className="visually-hidden"
      aria-live="polite"
      data-job-run={run}
      data-job-state={active ? "active" : "ended"}
    >
      {said}
    </p>
  );
}

export function JobProgress({
  job,
  noun,
  cancelLabel,
  cancelIntent = "cancel",
}: {
  job: JobView;
  /** The value of the Cancel button's `intent`. */
  cancelIntent?: string;
  /** What is counted: "records". */
  noun: string;
  cancelLabel: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const location = useLocation();
  const known = job.total !== null && job.total > 0;
  const waiting = job.state === "queued";
  return (
    <section className="job-progress" aria-labelledby="job-phase">
      <h2 id="job-phase">{waiting ? "Waiting to start" : job.phase}</h2>
      {known ? (
        <progress
          id="job-bar"
          value={job.done}
          max={job.total ?? undefined}
          aria-labelledby="job-phase"
          aria-describedby="job-count"
        />
      ) : (
        <progress id="job-bar" aria-labelledby="job-phase" />
      )}
      <p id="job-count" className="job-count">
        {known
          ? `${count(job.done)} of ${count(job.total ?? 0)} ${noun}`
          : waiting
            ? "Your request is in the queue and starts in a moment."
            : `${count(job.done)} ${noun} so far`}
      </p>
      <p className="job-eta">
        {job.secondsLeft !== null && job.done > 0
          ? timeLeft(job.secondsLeft)
          : "Working out the time left…"}
      </p>
      <p className="hint">
        {hydrated
          ? "This page updates itself as the work goes on; you may leave it and come back."
          : `This page reloads itself every ${JOB_REFRESH_SECONDS} seconds to show the progress; you may leave it and come back.`}
      </p>
      {job.cancelRequested ? (
        <p className="notice">Stopping: the work stops at its next step.</p>
      ) : (
        <Form method="post" className="inline-actions">
          <button
            type="submit"
            name="intent"
            value={cancelIntent}
            className="secondary"
            aria-busy={navigation.state === "submitting" ? true : undefined}
          >
            {cancelLabel}
          </button>
          {hydrated ? null : (
            <a
              href={`${location.pathname}${location.search}`}
              className="button-link secondary"
              aria-describedby="job-phase"
            >
              Check now
            </a>
          )}
        </Form>
      )}
    </section>
  );
}
