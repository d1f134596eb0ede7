import { formPage } from "../components/form-page";
import { useRelease } from "./api";
import { ReleaseForm } from "./release-form";
import { ReleaseNewsletter } from "./release-newsletter";

/** /admin/releases/add and /admin/releases/edit/{id} (issue 25); the edit page also schedules the release-day newsletter. */
export default formPage({
  useRecord: useRelease,
  width: "3xl",
  listHref: "/releases",
  notFound: "Release not found.",
  add: ["Add Release", "A single, EP or album: its page counts down to the release time, then links to every service."],
  edit: ["Edit Release", "Change this release."],
  form: (release) => (
    <>
      <ReleaseForm key={release?.id} release={release} />
      {release && <ReleaseNewsletter release={release} />}
    </>
  ),
});
