import { DashboardBreadcrumb } from "~/components/Breadcrumb";

export const REGISTER_PATH = "/dashboard/imagingdiagnostics";

/** The register's staff pages' trail: Home › Dashboard › the register › (event names ›) this page. */
export function RegisterBreadcrumb({
  current,
  underEventNames = false,
}: {
  current: string;
  underEventNames?: boolean;
}) {
  return (
    <DashboardBreadcrumb
      items={[
        { label: "Manage imaging and diagnostics", to: REGISTER_PATH },
        ...(underEventNames ? [{ label: "Event names", to: `${REGISTER_PATH}/eventnames` }] : []),
        { label: current },
      ]}
    />
  );
}
