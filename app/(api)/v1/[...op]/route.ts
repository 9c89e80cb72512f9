export {
  handleApiRequest as POST,
  handleApiRequest as GET,
  handleApiRequest as PUT,
  handleApiRequest as PATCH,
  handleApiRequest as DELETE,
  handleApiRequest as OPTIONS,
} from "@/lib/api/route-handler";
