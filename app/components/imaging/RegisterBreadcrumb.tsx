import { Breadcrumb } from "~/components/Breadcrumb";

export const REGISTER_PATH = "/dashboard/imagingdiagnostics";

/** The staff pages' trail: Dashboard, the register, (event names), and this page. */
export function RegisterBreadcrumb({
  current,
  underEventNames = false,
}: {
  current: string;
  underEventNames?: boolean;
}) {
  return (
    <Breadcrumb
      items={[
        { label: "Dashboard", to: "/dashboard" },
        { label: "Manage imaging and diagnostics", to: REGISTER_PATH },
        ...(underEventNames ? [{ label: "Event names", to: `${REGISTER_PATH}/eventnames` }] : []),
        { label: current },
      ]}
    />
  );
}
