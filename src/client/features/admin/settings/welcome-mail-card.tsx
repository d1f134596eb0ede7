import { WELCOME_SUBJECT_MAX, defaultWelcomeContent, defaultWelcomeSubject } from "@shared/welcome-mail";
import { useSetting } from "@client/lib/settings";
import { SettingsSection } from "./settings-section";

/**
 * The mail a fan gets once, on confirming their address (issue 12). Until saved, the fields
 * show the built-in texts (signed with the band's name) that go out meanwhile. The server
 * refuses an empty subject or content, and keeps the content to the newsletter's basic HTML.
 */
export function WelcomeMailCard() {
  const band = useSetting("band-name").value;
  return (
    <SettingsSection
      title="Welcome mail"
      description="Sent once to each fan who confirms their subscription. Their personal preferences and unsubscribe links are added at the bottom."
      fields={[
        { key: "welcome-subject", label: "Welcome Subject", type: "text", builtIn: defaultWelcomeSubject(band), hint: `One line, up to ${WELCOME_SUBJECT_MAX} characters.` },
        {
          key: "welcome-content",
          label: "Welcome Content",
          multiline: "long",
          builtIn: defaultWelcomeContent(band),
          hint: "Plain text (blank lines make paragraphs) or basic HTML, as in a newsletter.",
        },
      ]}
    />
  );
}
