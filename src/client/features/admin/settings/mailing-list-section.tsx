import { WELCOME_SUBJECT_MAX, defaultWelcomeContent, defaultWelcomeSubject } from "@shared/welcome-mail";
import { NEWSLETTER_CLICKS_SETTING } from "@shared/privacy";
import { useSetting } from "@client/lib/settings";
import { SettingsSection } from "./settings-section";

/**
 * What fans on the mailing list get beyond the newsletters' own words: the mail a fan gets once,
 * on confirming their address (issue 12), and whether newsletter links are counted (issue 23).
 * Until saved, the welcome fields show the built-in texts (signed with the band's name) that go
 * out meanwhile; the server refuses an empty subject or content, and keeps the content to the
 * newsletter's basic HTML. Counting is on until switched off.
 */
export function MailingListSection() {
  const band = useSetting("band-name").value;
  return (
    <SettingsSection
      title="Mailing list"
      description="The welcome mail goes once to each fan who confirms their subscription. Every mail to a fan ends with their own preferences and unsubscribe links."
      fields={[
        { key: "welcome-subject", group: "Welcome mail", label: "Welcome Subject", type: "text", builtIn: defaultWelcomeSubject(band), hint: `One line, up to ${WELCOME_SUBJECT_MAX} characters.` },
        {
          key: "welcome-content",
          label: "Welcome Content",
          multiline: "long",
          builtIn: defaultWelcomeContent(band),
          hint: "Plain text (blank lines make paragraphs) or basic HTML, as in a newsletter.",
        },
        {
          key: NEWSLETTER_CLICKS_SETTING,
          group: "Newsletters",
          label: "Count clicks on newsletter links",
          type: "switch",
          hint: "Insights shows how often each newsletter link is clicked: per link, never who clicked. Off: links go out as you wrote them and no clicks are counted.",
        },
      ]}
    />
  );
}
