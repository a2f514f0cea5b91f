import { redirect } from "next/navigation";

/** docs/spec.md section 2: every other path redirects to /. Unknown /api paths answer JSON 404 on their own. */
export default function UnknownPath() {
  redirect("/");
}
