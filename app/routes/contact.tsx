import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect, data } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems, TextareaField, TextField } from "~/components/forms";
import { clientAddress } from "~/models/rate-limit.server";
import { parseForm } from "~/lib/forms.server";
import { logError } from "~/lib/log.server";
import type { RouteHandle } from "~/lib/route-handle";
import {
  contactSchema,
  RATE_LIMITED,
  sendContactMessage,
  withinContactLimits,
} from "~/models/contact.server";
import { readForm } from "~/lib/body.server";

export const handle: RouteHandle<{ sent: boolean }> = {
  title: (data) => (data?.sent ? "Message was successful" : "Contact us"),
};

export const SEND_FAILED = "Your message could not be sent. Please try again.";

export async function loader({ request }: LoaderFunctionArgs) {
  // Public page: no access check.
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Public form: no access check; bots are kept out by the honeypot and the rate limit.
  const submission = parseForm(await readForm(request), contactSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { website, ...message } = submission.value;
  if (website) return redirect("/contact?sent=1");
  if (!(await withinContactLimits(message.email, clientAddress(request, context))))
    return data(submission.reply({ formErrors: [RATE_LIMITED] }), { status: 429 });
  try {
    await sendContactMessage(message);
  } catch (error) {
    logError("contact", "could not store message", error);
    return data(submission.reply({ formErrors: [SEND_FAILED] }), { status: 503 });
  }
  return redirect("/contact?sent=1");
}

export default function Contact() {
  const [searchParams] = useSearchParams();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: "contact", lastResult, shouldRevalidate: "onInput" });

  if (searchParams.get("sent") === "1") {
    return (
      <section className="form-narrow" aria-labelledby="sent-title">
        <Breadcrumb items={[{ label: "Contact us" }]} />
        <h1 id="sent-title">Message was successful</h1>
        <p>
          Your message has been successfully sent. Someone should respond within 24-48hrs of your
          request.
        </p>
        <p>
          <Link to="/">Return to the home page</Link> or{" "}
          <Link to="/contact">send another message</Link>.
        </p>
      </section>
    );
  }

  const fieldErrors = summaryItems({ ...form, errors: [] }, [
    fields.name,
    fields.email,
    fields.message,
  ]);
  return (
    <div className="form-narrow">
      <Breadcrumb items={[{ label: "Contact us" }]} />
      <ErrorSummary items={fieldErrors} />
      <h1>Contact us</h1>
      <p>
        Ask about a subscription, report a problem or send feedback. We reply within 24–48 hours. To
        subscribe, tell us your organisation and role.
      </p>
      {form.errors?.length ? (
        <div className="alert alert--error" role="alert" id={form.errorId}>
          {form.errors.map((message) => (
            <p key={message}>Error: {message}</p>
          ))}
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)}>
        <TextField field={fields.name} label="Name" autoComplete="name" required />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" required />
        <TextareaField field={fields.message} label="Message" required />
        <div className="honeypot" aria-hidden="true">
          <label htmlFor="contact-website">Website (leave this empty)</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <button type="submit" aria-busy={navigation.state === "submitting" ? true : undefined}>
          Send Message
        </button>
      </Form>
    </div>
  );
}
