import type { InputHTMLAttributes } from "react";
import { inputClass } from "../ui/button";

type Props = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string };

export function TextField({ id, label, ...input }: Props) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <input id={id} name={id} className={inputClass} {...input} />
    </div>
  );
}
