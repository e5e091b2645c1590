import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { type ReactNode, useEffect } from "react";
import { AlertBar, type BarMessage, SiteAlertBar } from "~/components/AlertBar";
import { ReleasePopup } from "~/components/ReleasePopup";
import { MULTI_RELEASE_POPUP_DURATION, pageAlerts } from "~/models/alerts.server";
import { BAD_REQUEST_HEADING, ErrorPage, errorHeading } from "~/components/ErrorPage";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { getOptionalUserWith } from "~/auth/auth.server";
import { env } from "~/lib/env.server";
import { takeFlash } from "~/lib/flash.server";
import { enrolmentRedirect } from "~/auth/two-step.server";
import { useNonce } from "~/lib/nonce";
import siteStylesheet from "~/styles/index.css?url";
import { AFTER_PAINT_LOADER } from "~/lib/scripts-after-paint";
import { useServerErrorInfo } from "~/lib/server-error";
import { ActionFailedReport, useActionFailedState } from "~/lib/action-failed";
import { type RouteHandle, SITE_NAME } from "~/lib/route-handle";
import { pageColumns } from "~/models/page-columns.server";
import { NotificationPopup } from "~/components/NotificationPopup";
import { environmentLabel, getSiteSettings } from "~/models/settings.server";

/**
 * The site's one stylesheet (app/styles/index.css: Pico and ours in their cascade layers), every
 * page the same file: its name carries a hash of its content, so the browser keeps it a year and
 * asks again only after a release that changed it (docs/decisions/031-linked-stylesheet.md).
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: siteStylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  // One statement for the session, the user, the header's numbers, the settings' version and
  // what a results page reads with them (pageColumns).
  const [{ user, extra }, { flash, header }] = await Promise.all([
    getOptionalUserWith(request, pageColumns),
    takeFlash(request),
  ]);
  // Staff who must set up two-step sign-in first are sent back to it from every page.
  if (!user) await enrolmentRedirect(request);
  // Signed out (no version read): the settings cost the page's one statement.
  const settings = await getSiteSettings(extra?.settingsVersion);
  const mine = user ? extra : null;
  const config = env();
  const alerts = user && mine ? await alertsOfPage(request, user.roles, mine) : null;
  return data(
    {
      user: user && { firstName: user.firstName, lastName: user.lastName, roles: user.roles },
      environmentLabel: environmentLabel(settings, request),
      appVersion: config.APP_VERSION,
      qcReportsUrl: config.QC_REPORTS_URL ?? null,
      // The badge: records changed since the user last cleared their notifications.
      notificationCount: mine?.notificationCount ?? 0,
      // The avatar's badge: active alerts not closed, and the records above.
      badgeCount: (mine?.notificationCount ?? 0) + (alerts?.unseenCount ?? 0),
      siteAlert: alerts?.bar ?? null,
      releasePopup: alerts?.popup ?? null,
      // The email-notification popup: when the site shows it, for members not enrolled who have not dismissed it.
      showNotificationPopup: Boolean(
        settings.emailNotificationPopup && mine?.notificationPopupPending,
      ),
      flash,
    },
    { headers: header ? { "Set-Cookie": header } : undefined },
  );
}

/**
 * The website alerts of this page: the bar's first alert and how many more, and the popup of
 * new releases. Not the alert being read (its page marks it read, in parallel with this), nor
 * on the pages that list them.
 */
async function alertsOfPage(
  request: Request,
  roles: string[],
  known: { alertsVersion: number | null; viewedAlerts: number[] | null },
) {
  const { pathname } = new URL(request.url);
  const { bar, releases, unseenCount } = await pageAlerts(roles, known);
  const reading = /^\/alerts\/(\d+)$/.exec(pathname)?.[1];
  const shown = pathname === "/alerts" ? [] : bar.filter((a) => String(a.alertId) !== reading);
  const first = shown[0];
  const listingReleases = pathname === "/allreleases" || pathname.startsWith("/releases/");
  const [onlyRelease] = releases;
  return {
    unseenCount,
    bar: first
      ? {
          alert: {
            alertId: first.alertId,
            severity: first.severity,
            title: first.title,
            summary: first.summary,
          },
          more: shown.length - 1,
        }
      : null,
    popup:
      listingReleases || !onlyRelease
        ? null
        : releases.length === 1
          ? {
              alertIds: [onlyRelease.alertId],
              message: `${onlyRelease.title} has been released`,
              duration: onlyRelease.popupDuration,
            }
          : {
              alertIds: releases.map((a) => a.alertId),
              message: `${SITE_NAME} released ${releases.length} new versions`,
              duration: MULTI_RELEASE_POPUP_DURATION,
            },
  };
}

type RootData = ReturnType<typeof useRootData>;
function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** The page's title; "Error: " first while a form's errors show (lib/action-failed.ts). */
function useDocumentTitle(fallback?: string, failed = false) {
  const matches = useMatches();
  if (fallback) return `${fallback} – ${SITE_NAME}`;
  const match = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title);
  const handle = match?.handle as RouteHandle | undefined;
  const title = handle
    ? typeof handle.title === "function"
      ? handle.title(match?.data)
      : handle.title
    : "";
  const full = title ? `${title} – ${SITE_NAME}` : SITE_NAME;
  // A page whose own title already says so (a search form's errors) is not told twice.
  return failed && !full.startsWith("Error: ") ? `Error: ${full}` : full;
}

function Document({
  children,
  title,
  data,
}: {
  children: ReactNode;
  title: string;
  data: RootData;
}) {
  const nonce = useNonce();
  const messages: BarMessage[] = data?.flash ? [data.flash] : [];
  // On any path containing /preview the header and footer give way to the preview banner.
  const { pathname } = useLocation();
  const previewMode = pathname.includes("/preview");
  // A page answered in place of another (a refused cross-site post) must not hydrate: the
  // browser's address is not the page's route.
  const matches = useMatches();
  const withScripts = !matches.some(
    (match) => (match.handle as RouteHandle | undefined)?.scripts === false,
  );
  // A preview shows only what it previews: no site header, footer, alert bar or popups.
  const bare =
    previewMode ||
    matches.some((match) => (match.handle as RouteHandle | undefined)?.chrome === false);
  // A page of work in progress reloads itself when scripts cannot update it (noscript: a
  // browser running scripts never sees the refresh).
  const refreshMatch = matches.find(
    (match) => (match.handle as RouteHandle | undefined)?.refreshWithoutScripts,
  );
  const refreshSeconds = refreshMatch
    ? (refreshMatch.handle as RouteHandle).refreshWithoutScripts?.(refreshMatch.data)
    : undefined;
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        {process.env.NODE_ENV === "development" ? (
          // Vite's client gives the styles it adds in development this nonce, which the CSP
          // asks for (the browser hides the attribute once read, hence no hydration check).
          <meta property="csp-nonce" nonce={nonce} suppressHydrationWarning />
        ) : null}
        <title>{title}</title>
        {refreshSeconds ? (
          <noscript>
            <meta httpEquiv="refresh" content={String(refreshSeconds)} />
          </noscript>
        ) : null}
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main-content" className="skip-link">
          Skip to main content
        </a>
        {previewMode ? (
          <aside className="mode-bar preview-banner" aria-label="Preview mode">
            <p className="container">
              <strong>Record Preview Enabled</strong>
              <span> Unpublished changes are shown. </span>
              <Link to="/dashboard/records">Back to Manage records</Link>
            </p>
          </aside>
        ) : bare ? null : (
          <SiteHeader
            user={data?.user ?? null}
            environmentLabel={data?.environmentLabel ?? ""}
            notificationCount={data?.notificationCount ?? 0}
            badgeCount={data?.badgeCount ?? 0}
            qcReportsUrl={data?.qcReportsUrl ?? null}
            accountUnknown={!data}
          />
        )}
        {data?.showNotificationPopup && !bare ? <NotificationPopup /> : null}
        <div className="alert-bar-slot">
          <AlertBar messages={messages} />
          {/* The bar is hidden on /allreleases (docs/product.md). */}
          {data?.siteAlert && !bare && pathname !== "/allreleases" ? (
            <SiteAlertBar alert={data.siteAlert.alert} more={data.siteAlert.more} />
          ) : null}
          {data?.releasePopup && !bare ? (
            <ReleasePopup key={data.releasePopup.alertIds.join(",")} popup={data.releasePopup} />
          ) : null}
        </div>
        <main id="main-content" className="container" tabIndex={-1}>
          {children}
        </main>
        {bare ? null : (
          <SiteFooter signedIn={Boolean(data?.user)} appVersion={data?.appVersion ?? ""} />
        )}
        {withScripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
            <script
              nonce={nonce}
              suppressHydrationWarning
              // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant loader (decision 026)
              dangerouslySetInnerHTML={{ __html: AFTER_PAINT_LOADER }}
            />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData();
  const { failed, report } = useActionFailedState();
  const title = useDocumentTitle(undefined, failed);
  // Once React runs, enhancements take over: CSS hides what only the no-JS path needs
  // (.no-js-only), and browser tests know the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <Document title={title} data={data}>
      <ActionFailedReport value={report}>
        <Outlet />
      </ActionFailedReport>
    </Document>
  );
}

export function ErrorBoundary() {
  const data = useRootData();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const { unavailable } = useServerErrorInfo(error);
  const badRequest = isRouteErrorResponse(error) && error.status === 400;
  const title = useDocumentTitle(
    notFound ? "Page not found" : badRequest ? BAD_REQUEST_HEADING : errorHeading(unavailable),
  );
  return (
    <Document title={title} data={data}>
      <ErrorPage />
    </Document>
  );
}
