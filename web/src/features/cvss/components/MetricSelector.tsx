// One base metric as a labelled group of radio buttons ('Attack Vector (AV)': 'Network (N)', ...).
// Native radios sharing a name give keyboard use for free: Tab into the group, arrows to choose.
import { useRef } from 'react';
import { Button, ButtonGroup, ToggleButton } from 'react-bootstrap';
import type { Cvss4BaseMetricOptions } from '@cvdp/core';

export function MetricSelector(props: {
  metric: Cvss4BaseMetricOptions;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  idPrefix: string;
}) {
  const { metric, value, onChange, idPrefix } = props;
  const name = `${idPrefix}-${metric.key}`;
  const firstRadio = useRef<HTMLInputElement>(null);
  return (
    <fieldset className="mb-2">
      <legend className="form-label fs-6 mb-1">{metric.label}</legend>
      <div className="d-flex flex-wrap align-items-center gap-1">
        {/* On a phone the four Attack Vector options take two lines instead of running past the card. */}
        <ButtonGroup size="sm" className="flex-wrap">
          {metric.options.map((option, i) => (
            <ToggleButton
              key={option.value}
              inputRef={i === 0 ? firstRadio : undefined}
              id={`${name}-${option.value}`}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              variant="outline-primary"
              className="text-nowrap"
              // The radio is the control; without this the label would be a second tab stop.
              tabIndex={-1}
            >
              {option.label}
            </ToggleButton>
          ))}
        </ButtonGroup>
        <Button
          variant="link"
          size="sm"
          className="py-0"
          disabled={value === undefined}
          aria-label={`Clear ${metric.label}`}
          onClick={() => {
            onChange(undefined);
            // The button disables itself, which would drop focus to the page: keep it in the group.
            firstRadio.current?.focus();
          }}
        >
          Clear
        </Button>
      </div>
    </fieldset>
  );
}
