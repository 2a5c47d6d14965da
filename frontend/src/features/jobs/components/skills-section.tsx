import { skillDefaults, skillProficiencies } from '@careers/contracts/constants';
import type { JobSkill } from '@careers/contracts/entities/job-skill';
import { jobScreenMessages } from '@careers/contracts/messages';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { InputField } from '../../../components/input-field';
import { SelectField } from '../../../components/select-field';

/** A skill row of the form: the contracts' job skill (its name may still be blank while typed). */
export type SkillRow = JobSkill;

const proficiencyOptions = skillProficiencies.map((value) => ({ value, label: value }));

/** A new skill starts at the spec's default proficiency, and as required (the section is "Required Skills"). */
const emptyDraft: SkillRow = { name: '', proficiency: skillDefaults.proficiency, required: true };

interface SkillsSectionProps {
  skills: SkillRow[];
  error: string | undefined;
  onChange(skills: SkillRow[]): void;
}

/**
 * Spec, Post a Job: Required Skills, name and proficiency, with add and remove. A skill is added only
 * when its name is not blank (Add skill stays disabled until then), and once per name.
 */
export function SkillsSection({ skills, error, onChange }: SkillsSectionProps) {
  const [draft, setDraft] = useState(emptyDraft);
  const nameField = useRef<HTMLDivElement>(null);
  const requiredId = useId();
  const name = draft.name.trim();
  const known = skills.some((skill) => skill.name.toLowerCase() === name.toLowerCase());

  function add() {
    if (name === '') return;
    if (!known) onChange([...skills, { ...draft, name }]);
    setDraft(emptyDraft);
    nameField.current?.querySelector('input')?.focus();
  }

  // Enter in the name field adds the skill instead of sending the whole form.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (
      event.key === 'Enter' &&
      event.target instanceof HTMLInputElement &&
      event.target.name === 'skillName'
    ) {
      event.preventDefault();
      add();
    }
  }

  return (
    <>
      {skills.length > 0 ? (
        <ul className="added-skills" aria-label={jobScreenMessages.requiredSkills}>
          {skills.map((skill) => (
            <li key={skill.name} className="added-skill">
              <span>
                {skill.name} · {skill.proficiency}
                {skill.required ? ` · ${jobScreenMessages.requiredSkill}` : ''}
              </span>
              <button
                type="button"
                className="button button-ghost"
                aria-label={jobScreenMessages.removeSkill(skill.name)}
                onClick={() => onChange(skills.filter((other) => other !== skill))}
              >
                {jobScreenMessages.remove}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{jobScreenMessages.noSkillsAdded}</p>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only listens for Enter bubbling from the name field */}
      <div className="skill-draft" ref={nameField} onKeyDown={onKeyDown}>
        <InputField
          name="skillName"
          label={jobScreenMessages.skillName}
          value={draft.name}
          onChange={(value) => setDraft((current) => ({ ...current, name: value }))}
        />
        <SelectField
          name="skillProficiency"
          label={jobScreenMessages.proficiency}
          options={proficiencyOptions}
          value={draft.proficiency}
          onChange={(value) =>
            setDraft((current) => ({ ...current, proficiency: value || skillDefaults.proficiency }))
          }
        />
        <label className="checkbox-field" htmlFor={requiredId}>
          <input
            id={requiredId}
            type="checkbox"
            checked={draft.required}
            onChange={(event) => setDraft((current) => ({ ...current, required: event.target.checked }))}
          />
          {jobScreenMessages.requiredToggle}
        </label>
        <button type="button" className="button button-ghost" disabled={name === ''} onClick={add}>
          {jobScreenMessages.addSkill}
        </button>
      </div>
      {error ? <p className="form-group-error">{error}</p> : null}
    </>
  );
}
