import { ReleaseFilePage } from "./release-link-pages";
export default ReleaseFilePage;
