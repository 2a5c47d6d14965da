import { SHORT_TEXT_MAX_LENGTH, skillDefaults, skillProficiencies } from '@careers/contracts/constants';
import type { SkillProficiency } from '@careers/contracts/entities/enums';
import type { UserSkill } from '@careers/contracts/entities/user-skill';
import { UserSkillInput } from '@careers/contracts/requests/update-skills';
import { parseInput } from '@careers/contracts/validation';
import { useState } from 'react';
import { InputField } from '../../../components/input-field';
import { SelectField } from '../../../components/select-field';
import { AddRow, useAddRow } from './add-row';

const proficiencyOptions = skillProficiencies.map((value) => ({ value, label: value }));

/** Spec section 9: a new skill starts at Intermediate and 1 year of experience. */
const emptyDraft = () => ({
  name: '',
  proficiency: skillDefaults.proficiency as SkillProficiency,
  experience: String(skillDefaults.experience),
});

export function yearsText(years: number): string {
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

interface SkillsEditorProps {
  skills: UserSkill[];
  editing: boolean;
  error: string | undefined;
  onChange(skills: UserSkill[]): void;
}

/**
 * Spec, Profile: skills with name, proficiency and years of experience (a number, min 0, default 1),
 * added and removed in edit mode. A skill is added only when its name is not blank (Add Skill stays
 * disabled until then), once per name, and with years the contracts' schema accepts.
 */
export function SkillsEditor({ skills, editing, error, onChange }: SkillsEditorProps) {
  const [draft, setDraft] = useState(emptyDraft);
  const [yearsError, setYearsError] = useState<string | undefined>();
  const row = useAddRow();
  const name = draft.name.trim();

  function add() {
    if (name === '') return;
    const parsed = parseInput(UserSkillInput, { ...draft, name });
    if (!parsed.success) {
      setYearsError(parsed.fieldErrors.experience ?? parsed.message);
      return;
    }
    const known = skills.some((skill) => skill.name.toLowerCase() === name.toLowerCase());
    if (!known) onChange([...skills, parsed.data]);
    setDraft(emptyDraft());
    setYearsError(undefined);
    row.focus();
  }

  function remove(skill: UserSkill) {
    onChange(skills.filter((other) => other !== skill));
    row.focus();
  }

  return (
    <>
      {skills.length > 0 ? (
        <ul className="profile-skills" aria-label="Your skills">
          {skills.map((skill) => (
            <li key={skill.name} className="profile-skill">
              <span className="profile-skill-name">{skill.name}</span>
              <span className="muted">
                {skill.proficiency} · {yearsText(skill.experience)}
              </span>
              {editing ? (
                <button
                  type="button"
                  className="button button-ghost"
                  aria-label={`Remove skill ${skill.name}`}
                  onClick={() => remove(skill)}
                >
                  Remove
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No skills added yet</p>
      )}
      {editing ? (
        <AddRow
          row={row}
          className="profile-add-skill"
          buttonLabel="Add Skill"
          canAdd={name !== ''}
          onAdd={add}
        >
          <InputField
            name="skillName"
            label="Skill name"
            maxLength={SHORT_TEXT_MAX_LENGTH}
            value={draft.name}
            onChange={(value) => setDraft((current) => ({ ...current, name: value }))}
          />
          <SelectField
            name="skillProficiency"
            label="Proficiency"
            options={proficiencyOptions}
            value={draft.proficiency}
            onChange={(value) =>
              setDraft((current) => ({ ...current, proficiency: value || skillDefaults.proficiency }))
            }
          />
          <InputField
            name="skillExperience"
            label="Years of experience"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={draft.experience}
            error={yearsError}
            onChange={(value) => {
              setDraft((current) => ({ ...current, experience: value }));
              setYearsError(undefined);
            }}
          />
        </AddRow>
      ) : null}
      {error ? <p className="form-group-error">{error}</p> : null}
    </>
  );
}
