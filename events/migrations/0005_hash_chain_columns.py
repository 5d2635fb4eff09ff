"""The hash chain's columns (events/chain.py), nullable until 0006 fills them for the events already stored,
and the streams' salts."""
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("events", "0004_event_records_its_game")]

    operations = [
        migrations.AddField(
            model_name="event", name="previous",
            field=models.CharField(max_length=64, null=True,
                                   help_text="The hash of the stream's event before (events/chain.py)."),
        ),
        migrations.AddField(
            model_name="event", name="hash",
            field=models.CharField(max_length=64, null=True,
                                   help_text="SHA-256 of the stream's salt, ``previous`` and this event."),
        ),
        migrations.CreateModel(
            name="StreamKey",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("stream", models.CharField(max_length=64, unique=True)),
                ("salt", models.CharField(max_length=32)),
            ],
        ),
    ]
