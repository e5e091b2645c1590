import { fileSize } from "~/lib/file-size";

/** The PDF's address: a resource route answering with the file as an attachment. */
export const hirFileUrl = (id: number, title?: string) =>
  `/hir/${id}/download${title ? `?title=${encodeURIComponent(title)}` : ""}`;

/** "Download PDF (1.2 MB)" for a report, or, when its file is lost, 'No file data Found'. */
export function HirDownloadLink({
  hir,
}: {
  hir: { id: number; title: string; byteSize: number | null };
}) {
  if (hir.byteSize === null) return <p className="hir-missing">No file data Found</p>;
  return (
    <p>
      <a href={hirFileUrl(hir.id)} className="hir-download">
        Download PDF<span className="visually-hidden">: {hir.title}</span> ({fileSize(hir.byteSize)}
        )
      </a>
    </p>
  );
}
