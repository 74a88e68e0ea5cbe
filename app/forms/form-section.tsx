// Where a page shows its form: a full-width band after the body.
import { Container } from "~/components/ui/container";
import { FormView } from "./form-view";
import type { FormDefinition } from "./model";
import type { PageFormData } from "./page-form.server";

export function FormSection({
  form,
  data,
}: {
  form: FormDefinition | undefined;
  data: PageFormData | undefined;
}) {
  if (!form || !data) return null;
  return (
    <div className="form-band" id={form.id}>
      <Container width="prose">
        <FormView form={form} stamp={data.stamp} sentMessage={data.sentMessage} />
      </Container>
    </div>
  );
}
