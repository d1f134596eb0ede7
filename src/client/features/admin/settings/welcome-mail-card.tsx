import { WELCOME_SUBJECT_MAX, defaultWelcomeContent, defaultWelcomeSubject } from "@shared/welcome-mail";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { useSetting } from "@client/lib/settings";
import { SettingField } from "./setting-field";

/**
 * The mail a fan gets once, on confirming their address (issue 12). Until saved, the fields
 * show the built-in texts (signed with the band's name) that go out meanwhile. The server
 * refuses an empty subject or content, and keeps the content to the newsletter's basic HTML.
 */
export function WelcomeMailCard() {
  const band = useSetting("band-name").value;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Welcome mail</CardTitle>
        <CardDescription>Sent once to each fan who confirms their subscription. Their personal preferences and unsubscribe links are added at the bottom.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="space-y-5">
          <SettingField settingKey="welcome-subject" label="Welcome Subject" type="text" builtIn={defaultWelcomeSubject(band)} hint={`One line, up to ${WELCOME_SUBJECT_MAX} characters.`} />
          <SettingField
            settingKey="welcome-content"
            label="Welcome Content"
            multiline
            builtIn={defaultWelcomeContent(band)}
            hint="Plain text (blank lines make paragraphs) or basic HTML, as in a newsletter."
          />
        </div>
      </CardContent>
    </Card>
  );
}
