"""The staff log also records looks at a running game's hidden cards: a new choice, no change in the database."""
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('reviews', '0002_staff_log_append_only'),
    ]

    operations = [
        migrations.AlterField(
            model_name='staffaction',
            name='what',
            field=models.CharField(choices=[('uphold', 'upheld a disputed ruling'), ('overturn', 'overturned a disputed ruling'), ('command', 'sent a staff command'), ('view', 'saw the hidden cards of a game in play')], max_length=16),
        ),
    ]
