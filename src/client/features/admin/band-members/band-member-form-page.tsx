import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent } from "@client/components/ui/card";
import { PageHeader } from "@client/components/ui/page-header";
import { routeId } from "@client/lib/route-id";
import { FormLoadState } from "../components/form-load-state";
import { useMember } from "./api";
import { BandMemberForm } from "./band-member-form";

/** /admin/band-members/add and /admin/band-members/edit/{id}. */
export default function BandMemberFormPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.id;
  const member = useMember(id ? routeId(id) : null);
  return (
    <div>
      <Link href="/band-members" className="mb-4 inline-flex items-center gap-1.5 text-sm text-dust hover:text-bone">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back
      </Link>
      <PageHeader title={id ? "Edit Band Member" : "Add Band Member"} subtitle={id ? member.data?.name : "Add someone to the lineup."} />
      <Card>
        <CardContent className="pt-5">
          {id ? (
            <FormLoadState query={member} notFound="Band member not found." backHref="/band-members">
              {(m) => <BandMemberForm key={m.id} member={m} />}
            </FormLoadState>
          ) : (
            <BandMemberForm />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
