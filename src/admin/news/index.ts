import ArticleIcon from "@mui/icons-material/Article";
import type { ResourceProps } from "react-admin";
import type { News } from "../../domain/schemas";
import { NewsCreate, NewsEdit } from "./NewsForm";
import { NewsList } from "./NewsList";

export const news = {
  list: NewsList,
  edit: NewsEdit,
  create: NewsCreate,
  icon: ArticleIcon,
  recordRepresentation: (item: News) => item.title,
} satisfies Omit<ResourceProps, "name">;

export default news;
