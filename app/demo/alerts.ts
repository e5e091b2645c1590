const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo's website alerts: one of each severity, one for all members, one for
 * editors only, and three releases, so that a newcomer sees the bar, the popup and
 * /allreleases at once, dated around `now`.
 */
export function demoAlerts(now: number) {
  const at = (days: number) => new Date(now + days * DAY);
  const base = {
    content: "",
    audienceRoles: [] as string[],
    tags: [] as string[],
    popupDuration: 3000,
    requestedBy: "Product team",
    isEnabled: true,
  };
  return [
    {
      ...base,
      alertType: "maintenance",
      severity: "warning",
      title: "Planned maintenance this Saturday",
      summary: "The service may be unavailable for up to an hour on Saturday from 07:00 UTC.",
      content:
        "We are moving the database to a larger server.\n\n- **When:** Saturday, 07:00 to 08:00 UTC\n- **What you will notice:** pages may answer with *Service unavailable*; nothing you have saved is affected\n- **Exports** started before 07:00 finish first\n\nQuestions: [contact us](/contact).",
      tags: ["maintenance"],
      notifyDate: at(-1),
      expireDate: at(6),
    },
    {
      ...base,
      alertType: "data",
      severity: "information",
      title: "November's EMA opinions are in",
      summary: "Records now include the CHMP opinions of this month's meeting.",
      content:
        "Every record with a new CHMP opinion was updated this week. Records you follow are on your [notifications](/dashboard/notifications) page.",
      tags: ["data", "EMA"],
      notifyDate: at(-2),
      expireDate: at(12),
    },
    {
      ...base,
      alertType: "incident",
      severity: "critical",
      audienceRoles: ["editor"],
      title: "Editors: hold imports until 18:00 UTC",
      summary: "An FDA feed is late; records imported before it arrives would miss their dates.",
      content:
        "Please **do not publish imports** until the feed has arrived (we will disable this alert then). Drafts are safe to save.",
      tags: ["imports"],
      notifyDate: at(-0.5),
      expireDate: at(2),
      requestedBy: "Data team",
    },
    {
      ...base,
      alertType: "announcement",
      severity: "success",
      audienceRoles: ["admin"],
      title: "Two-step sign-in for staff is ready",
      summary: "Turn it on for all staff in Site settings.",
      content:
        "Staff set it up with any authenticator app. See [Site settings](/dashboard/settings).",
      tags: ["security"],
      notifyDate: at(-3),
      expireDate: at(30),
    },
    {
      ...base,
      alertType: "release",
      severity: "information",
      title: "Version 2.15",
      summary: "Search results as a table, and a faster search.",
      content:
        "## What is new\n\n- **Table view** of search results, chosen once and kept on every device\n- Searches answer in a fraction of the time they took\n- Facet lists show how many records each value would find",
      tags: ["release"],
      notifyDate: at(-20),
      expireDate: at(60),
    },
    {
      ...base,
      alertType: "release",
      severity: "information",
      title: "Version 2.16",
      summary: "Exports of any size, and notifications by email.",
      content:
        "## What is new\n\n- Large **exports** are prepared in the background; you can leave the page and come back\n- A daily or weekly **email** of the records that changed",
      tags: ["release"],
      notifyDate: at(-9),
      expireDate: at(60),
    },
    {
      ...base,
      alertType: "release",
      severity: "success",
      title: "Version 2.17",
      summary: "Two-step sign-in, and a list of the devices you are signed in on.",
      content:
        "## What is new\n\n- **Two-step sign-in** with an authenticator app, from [My account](/myaccount)\n- See where you are signed in, and sign out a device you no longer use\n- Website alerts like this one",
      tags: ["release"],
      notifyDate: at(-1),
      expireDate: at(60),
    },
  ];
}
