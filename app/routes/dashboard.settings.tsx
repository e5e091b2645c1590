import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { CheckboxField, summaryItems, TextField } from "~/components/forms";
import { requirePermission } from "~/auth/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { getSiteSettings, settingsSchema, updateSiteSettings } from "~/models/settings.server";
import { readForm } from "~/lib/body.server";

export const handle: RouteHandle = { title: "Site settings" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageUsers");
  return { settings: await getSiteSettings() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageUsers");
  const submission = parseForm(await readForm(request), settingsSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await updateSiteSettings(submission.value, user.id);
  return redirectWithFlash(request, "/dashboard/settings", {
    severity: "success",
    message: "Site settings saved.",
  });
}

export default function SiteSettingsPage() {
  const { settings } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "settings",
    lastResult,
    shouldRevalidate: "onInput",
    defaultValue: {
      environmentLabel: settings.environmentLabel,
      emailNotificationPopup: settings.emailNotificationPopup ? "on" : undefined,
      enableStubRecords: settings.enableStubRecords ? "on" : undefined,
      enableMaaIndications: settings.enableMaaIndications ? "on" : undefined,
      requireStaffTwoStep: settings.requireStaffTwoStep ? "on" : undefined,
    },
  });
  return (
    <div className="form-narrow">
      <DashboardBreadcrumb items={[{ label: "Site settings" }]} />
      <ErrorSummary items={summaryItems(form, [fields.environmentLabel])} />
      <h1>Site settings</h1>
      <Form method="post" {...getFormProps(form)}>
        <TextField
          field={fields.environmentLabel}
          label="Environment label"
          hint="Shown in the header of every page, for example Test or QA. Leave empty on the live site; on localhost the header then says Local."
        />
        <fieldset>
          <legend>Features</legend>
          <CheckboxField
            field={fields.emailNotificationPopup}
            label="Email-notification popup"
            hint="Remind members whose email notifications are off to turn them on."
          />
          <CheckboxField
            field={fields.enableStubRecords}
            label="Stub Record Available filter"
            hint="Offer the Stub Record Available search filter."
          />
          <CheckboxField
            field={fields.enableMaaIndications}
            label="EU MAA indication filters"
            hint="Offer the EU - MAA Indications and EU - CHMP Opinion Indication search filters."
          />
        </fieldset>
        <fieldset>
          <legend>Security</legend>
          <CheckboxField
            field={fields.requireStaffTwoStep}
            label="Require two-step sign-in for staff"
            hint="Admins, editors, report admins and website-alerts staff must enter a code from an authenticator app after their password. Those not yet set up are asked to set it up when they next sign in. Members can always choose it."
          />
        </fieldset>
        <button type="submit" aria-busy={navigation.state === "submitting" ? true : undefined}>
          Save settings
        </button>
      </Form>
    </div>
  );
}
