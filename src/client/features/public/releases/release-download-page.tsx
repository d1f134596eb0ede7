import { ReleaseDownloadPage } from "./release-link-pages";
export default ReleaseDownloadPage;
