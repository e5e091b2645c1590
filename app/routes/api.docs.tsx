import { Breadcrumb } from "~/components/Breadcrumb";
import { TableScroll } from "~/components/TableScroll";
import { Link, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { apiDocsPage } from "~/api/docs-page.server";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { title: "API documentation" };

/**
 * Public, as /api/openapi.json is: every call with its parameters, who may make it, and an
 * example, generated from the same operations (and schemas) the routes answer with.
 */
export function loader() {
  return apiDocsPage();
}

const anchor = (id: string) => `call-${id}`;

export default function ApiDocs() {
  const { calls, groups, catalogue } = useLoaderData<typeof loader>();
  return (
    <>
      <Breadcrumb items={[{ label: "API documentation" }]} />
      <h1>API documentation</h1>
      <p>
        Everything the website does is also a JSON call under <code>/api</code>, for your own tools.
        The machine-readable description is <a href="/api/openapi.json">/api/openapi.json</a>{" "}
        (OpenAPI 3.1); the <Link to="/apitest">service status</Link> page shows whether the service
        is up.
      </p>
      <h2 id="start">Getting started</h2>
      <ol className="api-steps">
        <li>
          Sign in with <code>POST /api/auth/signin</code> and your email and password. The answer
          holds a <code>token</code> and when it expires (12 hours after sign-in).
        </li>
        <li>
          Send it with every other call as <code>Authorization: Bearer {"{token}"}</code>. A call is
          allowed exactly when the website's page that does the same thing is allowed for you.
        </li>
        <li>
          <code>POST /api/auth/signout</code> ends the token. Suspending or deleting an account, or
          resetting its password, ends all its tokens.
        </li>
      </ol>
      {/* Commands stay whole, one per line: the block scrolls sideways in its own focusable
          region rather than wrap inside a token (a wrapped command cannot be copied as shown). */}
      <section
        className="code-scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard.
        tabIndex={0}
        aria-label="Example: sign in and search"
      >
        <pre>
          <code>{`BASE=https://horizon.example.org
TOKEN=$(curl -s -X POST "$BASE/api/auth/signin" -H "Content-Type: application/json" \\
  -d '{"email":"you@example.org","password":"…"}' | jq -r .token)
curl -s -X POST "$BASE/api/search/search" -H "Authorization: Bearer $TOKEN" \\
  -H "Content-Type: application/json" -d '{"searchPhrase":"lymphoma"}'`}</code>
        </pre>
      </section>
      <p>
        Staff accounts sign in with two-step sign-in: the first call answers{" "}
        <code>TWO_STEP_REQUIRED</code> with a <code>twoStepToken</code>; send it with the code to{" "}
        <code>POST /api/auth/signin/twostep</code>. Rich text (FAQ answers, glossary descriptions
        and sources, alert content) travels as base64 of UTF-8, both ways. Calls answer within 30
        seconds or with <code>TIMEOUT</code>.
      </p>
      <p>
        A call that timed out may still have made its change. Send each change (a <code>POST</code>{" "}
        with a token) with an <code>Idempotency-Key</code> header, a new UUID for each: retried with
        the same key within 24 hours, it answers what the first call answered, with{" "}
        <code>Idempotent-Replayed: true</code>, and changes nothing again.
      </p>
      <nav aria-labelledby="calls-heading" className="api-contents api-section">
        <h2 id="calls-heading">Calls</h2>
        {groups.map((group) => (
          <section key={group} aria-label={group}>
            <h3>{group}</h3>
            <ul>
              {calls
                .filter((call) => call.group === group)
                .map((call) => (
                  <li key={call.id}>
                    <a href={`#${anchor(call.id)}`}>
                      {call.method}
                      {"\u00a0"}
                      <PathBreaks path={call.path} />
                    </a>
                  </li>
                ))}
            </ul>
          </section>
        ))}
        <section aria-label="Errors">
          <h3>Errors</h3>
          <ul>
            <li>
              <a href="#errors">The response codes and their messages</a>
            </li>
          </ul>
        </section>
      </nav>
      {groups.map((group) => (
        <section
          key={group}
          className="api-section"
          aria-labelledby={`group-${anchor(group.replace(/\W+/g, "-"))}`}
        >
          <h2 id={`group-${anchor(group.replace(/\W+/g, "-"))}`}>{group}</h2>
          {calls
            .filter((call) => call.group === group)
            .map((call) => (
              <article key={call.id} id={anchor(call.id)} className="api-call">
                <h3>
                  <code>
                    {call.method}
                    {"\u00a0"}
                    <PathBreaks path={call.path} />
                  </code>
                </h3>
                <p>
                  <WithCode text={call.summary} />
                </p>
                <dl>
                  <dt>Who may call it</dt>
                  <dd>
                    {call.access}
                    {call.page ? (
                      <>
                        {" "}
                        (the rule of{" "}
                        {/* Breaks only after a "/"; the ")" stays with the last part, as no
                            line may start with a closing bracket. */}
                        <code className="path-breaks">
                          <PathBreaks path={call.page} />
                        </code>
                        )
                      </>
                    ) : null}
                  </dd>
                  <dt>Failures</dt>
                  <dd>{call.errors.join(", ")}</dd>
                </dl>
                {call.parameters.length ? (
                  <FieldTable caption="Query parameters" fields={call.parameters} />
                ) : null}
                {call.bodyFields.length ? (
                  <FieldTable
                    caption={`Body (${call.bodyType === "multipart/form-data" ? "multipart/form-data" : "JSON"})`}
                    fields={call.bodyFields}
                  />
                ) : null}
                <p className="api-example-label">Example</p>
                {/* One line per command, scrolled sideways rather than wrapped inside a token;
                    focusable, so the keyboard can scroll it (not a region: sixty examples
                    would crowd the page's landmarks). */}
                {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be focusable to be scrolled by keyboard. */}
                <pre className="api-example" tabIndex={0}>
                  <code>{call.curl}</code>
                </pre>
              </article>
            ))}
        </section>
      ))}
      <section aria-labelledby="errors" className="api-section">
        <h2 id="errors">Errors</h2>
        <p>
          A failure answers <code>{"{ responseCode, message }"}</code> with the HTTP status below.
          For 403 and 429 the message is the status text. <code>VALIDATION_FAILED</code> adds{" "}
          <code>errors</code>, the messages for each field (<code>body.email</code>,{" "}
          <code>query.hssId</code>). Each message is shown exactly as it is sent.
        </p>
        <TableScroll
          caption="The response codes"
          id="response-codes"
          className="response-codes"
          stacked="tablet"
        >
          <thead>
            <tr>
              <th scope="col">responseCode</th>
              <th scope="col">Status</th>
              {/* The API's own strings, some kept word for word ("No file data Found"), shown
                  exactly as a client receives them. */}
              <th scope="col">Message (as sent)</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {catalogue.map((entry) => (
              <tr key={entry.code}>
                <th scope="row">
                  <code>{entry.code}</code>
                </th>
                <td data-label="Status">{entry.status}</td>
                <td data-label="Message" className="prose-cell">
                  {entry.message}
                </td>
                <td data-label="When" className="prose-cell">
                  <WithCode text={entry.when} />
                </td>
              </tr>
            ))}
          </tbody>
        </TableScroll>
      </section>
    </>
  );
}

/**
 * A path that may break after each "/" (and only there, unless one part is wider than the
 * line): "/api/auth/suspendoractivateuser" wraps between its parts, never inside a word.
 */
function PathBreaks({ path }: { path: string }) {
  const parts = path.split("/");
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed path, in order
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? "/" : null}
          {/* Not after the leading "/": the method keeps the path's first part with it. */}
          {index > 0 && index < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}

/** A description's `backticked` names (as in the OpenAPI document's Markdown) shown as code. */
function WithCode({ text }: { text: string }) {
  const parts = text.split("`");
  // An unmatched backtick is shown as it is.
  if (parts.length % 2 === 0) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
        index % 2 ? <code key={index}>{part}</code> : <Fragment key={index}>{part}</Fragment>,
      )}
    </>
  );
}

/** A call's parameters or body fields: a list of names, each with its type, whether it is needed, and what it is. */
function FieldTable({
  caption,
  fields,
}: {
  caption: string;
  fields: Array<{ name: string; type: string; required: boolean; description: string }>;
}) {
  return (
    <>
      <h4>{caption}</h4>
      <dl className="api-fields">
        {fields.map((field) => (
          <div key={field.name}>
            <dt>
              <code>{field.name}</code>
            </dt>
            <dd>
              {field.type}, {field.required ? "required" : "optional"}
              {field.description ? (
                <>
                  . <WithCode text={field.description} />
                </>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
