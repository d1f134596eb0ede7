import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import type { SettingKey } from "@shared/constants";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@client/components/ui/card";
import { Field } from "@client/components/ui/field";
import { Textarea } from "@client/components/ui/input";
import { useSaveSetting, useSetting } from "@client/lib/settings";

const KEYS = ["about-para1", "about-para2", "about-para3"] as const satisfies readonly SettingKey[];

/**
 * 'About the Band' (spec sections 2 and 4): three paragraphs, read-only until 'Edit About
 * Section', then saved together with 'Save Changes'. The built-in text shows until saved once.
 */
export function AboutCard() {
  const paras = [useSetting(KEYS[0]), useSetting(KEYS[1]), useSetting(KEYS[2])];
  const save = useSaveSetting();
  const [draft, setDraft] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const loading = paras.some((p) => p.isLoading);
  const editing = draft !== null;
  const shown = draft ?? paras.map((p) => p.value);
  // Keyboard users keep their place: the buttons swap (and Save is disabled while saving, which
  // dropped focus on <body>), so focus goes to the first paragraph on Edit and back to Edit after.
  const firstParagraph = useRef<HTMLTextAreaElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef<"paragraph" | "edit" | null>(null);
  useEffect(() => {
    if (saving || !moveFocus.current) return;
    if (moveFocus.current === "paragraph" && editing) firstParagraph.current?.focus();
    if (moveFocus.current === "edit" && !editing) editButton.current?.focus();
    moveFocus.current = null;
  }, [editing, saving]);
  const startEditing = () => {
    moveFocus.current = "paragraph";
    setDraft(shown);
  };
  const stopEditing = () => {
    moveFocus.current = "edit";
    setDraft(null);
  };

  async function saveAll() {
    if (!draft) return;
    setSaving(true);
    try {
      await Promise.all(KEYS.map((key, i) => save(key, draft[i])));
      toast.success("About section updated");
      stopEditing();
    } catch {
      toast.error("Error", { description: "There was an error updating the about section." });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>About the Band</CardTitle>
        <CardDescription>The three paragraphs of the About section on the home page.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {KEYS.map((key, i) => (
          <Field key={key} label={`Paragraph ${i + 1}`}>
            <Textarea
              ref={i === 0 ? firstParagraph : undefined}
              value={loading ? "" : shown[i]}
              readOnly={!editing}
              disabled={loading || saving}
              rows={4}
              // grows with its text, so a phone shows the whole paragraph
              className={editing ? "field-sizing-content" : "field-sizing-content cursor-default resize-none border-transparent bg-ash/60"}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setDraft((d) => (d ? d.map((p, j) => (j === i ? value : p)) : d));
              }}
            />
          </Field>
        ))}
      </CardContent>
      <CardFooter className="justify-end">
        {editing ? (
          <>
            <Button variant="outline" onClick={stopEditing} disabled={saving}>
              Cancel
            </Button>
            <Button onClick={saveAll} disabled={saving} aria-busy={saving || undefined}>
              {saving ? "Saving..." : "Save Changes"}
            </Button>
          </>
        ) : (
          <Button ref={editButton} variant="outline" onClick={startEditing} disabled={loading}>
            Edit About Section
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
