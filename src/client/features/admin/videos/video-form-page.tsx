import { Card, CardContent } from "@client/components/ui/card";
import { PageHeader } from "@client/components/ui/page-header";
import { routeId } from "@client/lib/route-id";
import { FormLoadState } from "../components/form-load-state";
import { useVideo } from "./api";
import { VideoForm } from "./video-form";

/** /admin/videos/add and /admin/videos/edit/{id}. */
export default function VideoFormPage({ params }: { params: { id?: string } }) {
  const id = params.id;
  const video = useVideo(id ? routeId(id) : null);
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={id ? "Edit Video" : "Add Video"} subtitle={id ? "Change this video's details." : "Add a video to the website."} />
      <Card>
        <CardContent className="pt-5">
          {id ? (
            <FormLoadState query={video} notFound="Video not found." backHref="/videos">
              {(data) => <VideoForm key={data.id} video={data} />}
            </FormLoadState>
          ) : (
            <VideoForm />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
