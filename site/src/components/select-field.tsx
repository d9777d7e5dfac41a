import { MARKET_LABEL } from '../lib/unit-price'

/** Choice is an option of a SelectField: its value and label, or one string for both. */
export type Choice = string | readonly [value: string, label: string]

type Props<V extends string> = {
  label: string
  value: V
  choices: readonly Choice[]
  onChange: (value: V) => void
  className?: string
  disabled?: boolean
}

/**
 * SelectField is a labelled list to pick one value from, the label above it
 * (its form's styles place them: a field-stack or a grid of fields).
 */
export function SelectField<V extends string>({ label, value, choices, onChange, className, disabled }: Props<V>) {
  return (
    <label className={className}>
      <span>{label}</span>
      <select value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as V)}>
        {choices.map((choice) => {
          const [v, text] = typeof choice === 'string' ? [choice, choice] : choice
          return (
            <option key={v} value={v}>
              {text}
            </option>
          )
        })}
      </select>
    </label>
  )
}

/** MARKET_CHOICES and MONITORED_CHOICES filter dispensaries (the status page, the map). */
export const MARKET_CHOICES: readonly Choice[] = [
  ['', 'Both markets'],
  ['recreational', MARKET_LABEL.recreational],
  ['medical', MARKET_LABEL.medical],
]
export const MONITORED_CHOICES: readonly Choice[] = [
  ['', 'All'],
  ['yes', 'Monitored'],
  ['no', 'Not Monitored'],
]
