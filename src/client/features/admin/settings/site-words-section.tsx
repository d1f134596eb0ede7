import type { SettingKey } from "@shared/constants";
import { SETTING_DEFAULTS } from "@shared/settings-defaults";
import { SITE_COPY_MAX, type SiteCopyKey } from "@shared/site-copy";
import type { SettingFieldSpec } from "./setting-field";
import { SettingsSection } from "./settings-section";

/** A text of the public pages: its built-in text in the field until saved, 'Original text' to get it back. */
const words = (key: SiteCopyKey & SettingKey, label: string, hint: string, extra: Partial<SettingFieldSpec> = {}): SettingFieldSpec => ({
  key,
  label,
  type: "text",
  builtIn: SETTING_DEFAULTS[key],
  restorable: true,
  hint: `${hint} Up to ${SITE_COPY_MAX[key]} characters.`,
  ...extra,
});

const FIELDS: readonly SettingFieldSpec[] = [
  words(
    "tagline",
    "Tagline",
    "Who you are and where you're from, in one line. It opens the home page's intro and the footer, and follows your name in the browser tab and search results. Empty: your name stands alone.",
    { group: "Home page" },
  ),
  words("hero-kicker", "Line above your name", "The small line over your band's name at the top of the home page. Empty: no line."),
  words("hero-text", "Home page intro", "Follows the tagline under your name. While a song is featured in the player, fans are invited to play it instead. Empty: the tagline alone.", { multiline: "short" }),
  words("origin", "Where you're from", "Stamped beside 'About the Band', and given to search engines as where the band formed. Empty: no stamp."),
  words("mailing-list-intro", "Mailing list intro", "Under 'Join the mailing list'. Empty: no intro.", { multiline: "short" }),
  words("contact-intro", "Message form intro", "Under 'Send us a message'. Empty: no intro.", { multiline: "short" }),
  words("merch-kicker", "Merch page label", "The label above 'Official Merch'. Not printing on demand? Say how fans get it, e.g. 'At the merch table'. Empty: no label.", { group: "Merch page" }),
  words("merch-intro", "Merch page intro", "Under 'Official Merch', and the page's description in search results. Empty: no intro.", { multiline: "short" }),
  words("footer-text", "Footer line", "Follows the tagline in the footer of every page. Empty: the tagline alone.", { group: "Footer", multiline: "short" }),
];

/** Settings > Words on the site (issue 21): the texts the public pages had built in, in the band's words. */
export function SiteWordsSection() {
  return (
    <SettingsSection
      title="Words on the site"
      description="What your pages say about you. Until you save your own, each field holds the site's built-in text. Plain text, one paragraph each; empty a field to leave its line out, and 'Original text' puts the built-in one back."
      fields={FIELDS}
    />
  );
}
