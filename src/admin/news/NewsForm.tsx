// A news item: title, summary, rich text (sanitised by the server), picture, publication.
import { Create, Edit, required, SelectInput, SimpleForm, TextInput, useRecordContext } from "react-admin";
import { type News, newsSchema } from "../../domain/schemas";
import { emptyToString, FormRow, SaveDeleteToolbar } from "../common/form";
import { ImagesInput } from "../common/ImagesInput";
import { DateTimeInput } from "../common/inputs";
import { RichTextInput } from "../common/RichTextInput";
import { SlugInput } from "../common/SlugInput";
import { NEWS_STATUS_CHOICES } from "../labels";
import { zodFormValidator } from "../validation";

type NewsRecord = News & { id: string };
const validateNews = zodFormValidator(newsSchema);

/** Publishing without a time publishes now. */
export function normaliseNews(values: Record<string, unknown>): Record<string, unknown> {
  return {
    ...values,
    excerpt: values.excerpt ?? "",
    body: values.body ?? "",
    publishedAt:
      values.status === "published" && !values.publishedAt ? new Date().toISOString() : (values.publishedAt ?? null),
  };
}

function NewsForm({ isNew = false }: { isNew?: boolean }) {
  const record = useRecordContext<NewsRecord>();
  return (
    <SimpleForm
      validate={(values) => validateNews(normaliseNews(values))}
      warnWhenUnsavedChanges
      toolbar={<SaveDeleteToolbar canDelete={!isNew && Boolean(record)} />}
    >
      <FormRow>
        <TextInput source="title" validate={required()} />
        <SlugInput from={["title"]} follow={isNew} example="nauji-automobiliai-2026" />
        <SelectInput source="status" choices={NEWS_STATUS_CHOICES} translateChoice={false} validate={required()} />
        <DateTimeInput source="publishedAt" helperText="Tuščia – paskelbiama išsaugant" />
      </FormRow>
      <TextInput
        source="excerpt"
        multiline
        minRows={2}
        parse={emptyToString}
        helperText="Trumpas aprašymas sąraše ir paieškos sistemoms (iki 400 simbolių)"
      />
      <RichTextInput source="body" minHeight={300} />
      <ImagesInput source="image" folder="news" label="Paveikslėlis" single />
    </SimpleForm>
  );
}

export function NewsEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={normaliseNews}>
      <NewsForm />
    </Edit>
  );
}

export function NewsCreate() {
  return (
    <Create
      transform={normaliseNews}
      redirect="list"
      record={{ title: "", slug: "", excerpt: "", body: "", image: null, publishedAt: null, status: "draft" }}
    >
      <NewsForm isNew />
    </Create>
  );
}
