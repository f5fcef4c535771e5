import type { ReactNode } from "react";

export default function Alert({
  tone,
  title,
  children,
}: {
  tone: "error" | "success" | "info";
  title?: ReactNode;
  children?: ReactNode;
}) {
  // Errors interrupt (role=alert); good news and info are announced politely.
  return (
    <div className={`alert alert--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {title ? <strong className="alert__title">{title}</strong> : null}
      {children}
    </div>
  );
}
