import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { hirFileUrl } from "~/components/HirDownloadLink";
import { requireUser } from "~/auth/auth.server";
import { fileSize } from "~/lib/file-size";
import type { RouteHandle } from "~/lib/route-handle";
import { can } from "~/lib/roles";
import {
  DEFAULT_HIR_TITLE,
  downloadableHir,
  HIR_TITLE_MAX,
  NO_FILE_DATA,
} from "~/models/hirs.server";

export const handle: RouteHandle = { title: "Download HIR" };

const NOT_AVAILABLE = "This report does not exist, or is no longer available.";

/**
 * The Download HIR page (/downloadhir?id=…&title=…), the address a report is shared
 * by. The title comes from the query (decoded; 'HIR Report' when absent; at most 250
 * characters) and names the file. A report that is missing, archived or without its file
 * answers 404 with the reason on the page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const query = new URL(request.url).searchParams;
  const title = (query.get("title")?.trim() || DEFAULT_HIR_TITLE).slice(0, HIR_TITLE_MAX);
  const id = Number(query.get("id"));
  const hir = /^\d{1,10}$/.test(query.get("id") ?? "")
    ? await downloadableHir(id, can(user.roles, "manageContent"))
    : undefined;
  const problem = !hir ? NOT_AVAILABLE : hir.byteSize === null ? NO_FILE_DATA : null;
  return data(
    {
      title,
      problem,
      file: hir && !problem ? { url: hirFileUrl(hir.id, title), size: hir.byteSize ?? 0 } : null,
    },
    { status: problem ? 404 : 200 },
  );
}

type State = "ready" | "downloading" | "done" | "failed";

/**
 * Without JS: a plain link, and words that claim nothing more than that the report is ready.
 * With JS: the download starts by itself (fetched, then saved under its name), the page says
 * so while it runs, and announces success or failure in a live region.
 */
export default function DownloadHir() {
  const { title, problem, file } = useLoaderData<typeof loader>();
  const [state, setState] = useState<State>("ready");
  const started = useRef(false);

  useEffect(() => {
    if (!file || started.current) return;
    started.current = true;
    setState("downloading");
    fetch(file.url)
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const url = URL.createObjectURL(await response.blob());
        const link = document.createElement("a");
        link.href = url;
        link.download = fileNameOf(response) ?? `${title}.pdf`;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
        setState("done");
      })
      .catch(() => setState("failed"));
  }, [file, title]);

  return (
    <div className="form-narrow download-hir">
      <Breadcrumb
        items={[{ label: "High Impact Reports", to: "/hir" }, { label: "Download HIR" }]}
      />
      <h1>Download HIR</h1>
      {problem || !file ? (
        <>
          <p className="hir-problem">
            <strong>{problem}</strong>
          </p>
          <p>
            <Link to="/hir">See the High Impact Reports</Link>
          </p>
        </>
      ) : (
        <>
          {/* The success panel, as on an export's page, in one shape whatever the state: the
              fixed words first, the report named, its file as a button named with its format
              and size (always there: the way to save it again, or without JS), the way back. */}
          <section className="success-panel" aria-label="Your report">
            <div role="status" aria-live="polite">
              <p>
                {state === "done" ? (
                  <>
                    <strong>HIR Download Success!</strong> Please close this tab to continue.
                  </>
                ) : state === "downloading" ? (
                  <strong>Your HIR is downloading now.</strong>
                ) : state === "failed" ? (
                  <span className="hir-problem">
                    <strong>The download did not complete.</strong> Try the link below.
                  </span>
                ) : (
                  <strong>Your HIR is ready.</strong>
                )}
              </p>
            </div>
            <p>Report: {title}</p>
            <p>
              <a href={file.url} className="button-link">
                Download<span className="visually-hidden"> {title}</span>{" "}
                <span className="nowrap">(PDF, {fileSize(file.size)})</span>
              </a>
            </p>
          </section>
          {state === "ready" ? <p>Once it has downloaded, you can close this tab.</p> : null}
          <p>
            <Link to="/hir">Back to the High Impact Reports</Link>
          </p>
        </>
      )}
    </div>
  );
}

/** The name the server gave the file (its RFC 5987 form), so both modes save the same name. */
function fileNameOf(response: Response) {
  const header = response.headers.get("Content-Disposition") ?? "";
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  try {
    return encoded ? decodeURIComponent(encoded) : null;
  } catch {
    return null;
  }
}
